import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { loginSchema, type LoginValues } from '@/pages/auth/auth-schemas';
import { api } from '@/lib/api/api';
import { useAuthMutation } from '@/pages/auth/use-auth-mutation';

export function LoginForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const mutation = useAuthMutation(api.login, 'Sign in failed');

  const onSubmit = handleSubmit(({ email, password }) => mutation.mutate({ username: email, password }));

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField id="email" label="Email" type="email" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <FormField
        id="password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
