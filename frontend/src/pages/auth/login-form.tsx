import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset';
import { useCheckedForm } from '@/lib/form/use-checked-form';
import { authApi } from '@/pages/auth/auth-api';
import { validateLogin } from '@/pages/auth/auth-validation';
import { useAuthMutation } from '@/pages/auth/use-auth-mutation';

export function LoginForm() {
  const { errors, bind, handleSubmit } = useCheckedForm({ email: '', password: '' }, validateLogin);
  const mutation = useAuthMutation(authApi.login, 'Sign in failed');

  const onSubmit = handleSubmit(({ email, password }) => mutation.mutate({ username: email, password }));

  return (
    <form onSubmit={onSubmit} noValidate>
      <HydratedFieldset className="space-y-4">
        <FormField
          id="email"
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          error={errors.email}
          {...bind('email')}
        />
        <FormField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password}
          {...bind('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
