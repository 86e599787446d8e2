import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccountChanged } from '@/lib/account/billing-account';
import { billingApi } from '@/lib/api/billing-api';
import { WELCOME_BANNER_MS } from '@/lib/constants';

/**
 * Handles the return from checkout (?payment_success=1): verifies the payment once, rewrites the URL
 * to /dashboard and reports whether the green banner should show. The banner's 5 s start once `visible`.
 */
export function useUpgradeBanner(visible: boolean): boolean {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const accountChanged = useAccountChanged();
  const [show, setShow] = useState(false);
  // Effects can run twice (StrictMode, re-renders); the payment must be verified only once.
  const verified = useRef(false);
  const paymentSuccess = searchParams.get('payment_success') === '1';

  useEffect(() => {
    if (!paymentSuccess || verified.current) return;
    verified.current = true;
    void (async () => {
      let active = false;
      try {
        active = (await billingApi.verifyPayment()).subscriptionStatus === 'active';
      } catch (error) {
        console.warn('Payment verification failed', error);
      }
      navigate('/dashboard', { replace: true });
      if (active) {
        await accountChanged();
        setShow(true);
      }
    })();
  }, [paymentSuccess, navigate, accountChanged]);

  useEffect(() => {
    if (!show || !visible) return;
    const timer = setTimeout(() => setShow(false), WELCOME_BANNER_MS);
    return () => clearTimeout(timer);
  }, [show, visible]);

  return show;
}
