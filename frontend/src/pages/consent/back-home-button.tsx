import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';

/** Leaves a screen that waits on the partner: the check goes on, and its answer is kept in the member's history. */
export function BackHomeButton() {
  const navigate = useNavigate();
  return (
    <Button variant="secondary" size="lg" onClick={() => navigate('/dashboard')}>
      Back to home
    </Button>
  );
}
