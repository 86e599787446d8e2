import { isUuid } from '@app/contracts/ids';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

/** Looks up another session by its id (a UUID, as the member's and the partner's screens and the logs show it). */
export function LookupForm({ current }: { current: string | undefined }) {
  const navigate = useNavigate();
  const [value, setValue] = useState(current ?? '');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    const id = value.trim().toLowerCase();
    if (!isUuid(id)) {
      setError('Enter a session id (a UUID).');
      return;
    }
    setError(undefined);
    navigate(`/admin/sessions/${id}`);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="flex-1">
        <FormField
          id="support-session-id"
          label="Session id"
          value={value}
          error={error}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit">Look up</Button>
    </form>
  );
}
