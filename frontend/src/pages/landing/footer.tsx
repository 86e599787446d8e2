import { Link } from 'react-router-dom';
import { Logo } from '@/components/logo';
import { PRODUCT_NAME } from '@/lib/brand';
import { useIsHydrating } from '@/lib/hydration';
import { useSiteInfo } from '@/lib/site';

export function Footer() {
  const { data: site } = useSiteInfo();
  // The prerendered page carries the year it was built in; the visitor's own year shows once it is hydrated.
  const year = useIsHydrating() ? __BUILD_YEAR__ : new Date().getFullYear();

  return (
    <footer
      id="footer"
      data-testid="landing-section-footer"
      className="border-t border-slate-200 bg-white px-4 py-10 sm:px-6"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <Logo />
        <nav
          aria-label="Legal and support"
          className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm text-slate-600"
        >
          <Link to="/privacy" className="hover:text-slate-900 hover:underline">
            Privacy
          </Link>
          {/* The Terms page is not written yet; shown as a placeholder, not a link. */}
          <span title="Coming soon">Terms</span>
          {site?.supportEmail && (
            <a href={`mailto:${site.supportEmail}`} className="font-medium text-rose-700 hover:underline">
              {site.supportEmail}
            </a>
          )}
        </nav>
        <p className="text-xs text-slate-500">
          © {year} {PRODUCT_NAME}. For adults 18+.
        </p>
      </div>
    </footer>
  );
}
