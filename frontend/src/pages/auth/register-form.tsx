import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { HydratedFieldset } from '@/components/ui/hydrated-fieldset';
import { toast } from '@/components/ui/use-toast';
import { useCheckedForm } from '@/lib/form/use-checked-form';
import { authApi } from '@/pages/auth/auth-api';
import { validateRegister } from '@/pages/auth/auth-validation';
import { ProfilePictureField } from '@/pages/auth/profile-picture-field';
import { useAuthMutation } from '@/pages/auth/use-auth-mutation';

function toastMissingPicture() {
  toast({
    title: 'Profile picture required',
    description: 'Please upload a photo for identity verification.',
    variant: 'destructive',
  });
}

/** The referral code of `/register?ref=CODE`, as the server takes it (one line, at most 32 characters); else none. */
export function referralCodeFrom(value: string | null): string | undefined {
  const code = value?.trim();
  // eslint-disable-next-line no-control-regex -- a code with control characters is refused.
  return code && code.length <= 32 && !/[\u0000-\u001f\u007f]/.test(code) ? code : undefined;
}

export function RegisterForm() {
  const [picture, setPicture] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const ref = referralCodeFrom(searchParams.get('ref'));
  const { errors, bind, handleSubmit } = useCheckedForm(
    { fullName: '', phoneNumber: '', email: '', password: '' },
    validateRegister,
  );
  const mutation = useAuthMutation(authApi.register, 'Account creation failed');

  const onSubmit = handleSubmit(
    ({ email, password, fullName, phoneNumber }) => {
      if (!picture) return toastMissingPicture();
      mutation.mutate({
        username: email,
        password,
        fullName,
        phoneNumber,
        profilePicture: picture,
        ...(ref ? { ref } : {}),
      });
    },
    // Field errors show inline; the picture has no inline slot, so it is flagged with the toast.
    () => {
      if (!picture) toastMissingPicture();
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <HydratedFieldset className="space-y-4">
        <ProfilePictureField value={picture} onChange={setPicture} />
        <FormField id="fullName" label="Full name" autoComplete="name" error={errors.fullName} {...bind('fullName')} />
        <FormField
          id="phoneNumber"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phoneNumber}
          {...bind('phoneNumber')}
        />
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
          autoComplete="new-password"
          error={errors.password}
          {...bind('password')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </HydratedFieldset>
    </form>
  );
}
