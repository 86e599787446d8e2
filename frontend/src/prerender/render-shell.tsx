import { type ReactNode, StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import { App } from '@/App';
import { createQueryClient } from '@/lib/query-client';

export { PRERENDERED_SHELLS } from '@/prerender/shells';

/**
 * The HTML of the app at `url` as a signed-out visitor's browser first renders it: no session, no data asked yet (queries
 * do not run outside a browser), every page's code loaded. The build's entry for Node (frontend/build/prerender.ts).
 */
export async function renderShell(url: string): Promise<string> {
  const client = createQueryClient();
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App client={client} router={router} />
      </StrictMode>,
    );
    return await new Response(prelude).text();
  } finally {
    client.clear();
  }
}
