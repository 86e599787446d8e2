import '@/index.css';
import { StrictMode } from 'react';
import { App } from '@/App';
import { startApp } from '@/lib/hydration';
import { queryClient } from '@/lib/query-client';
import { prefetchLinkSession } from '@/pages/consent-form/link-session';

prefetchLinkSession(queryClient, window.location);

startApp(
  document.getElementById('root')!,
  <StrictMode>
    <App client={queryClient} />
  </StrictMode>,
);
