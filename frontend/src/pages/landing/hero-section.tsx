import { ArrowRight, Gift, Sparkles, Star, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { HERO, RATING, REFERRAL_CLAIM } from '@/content/landing-content';
import { useSiteInfo } from '@/lib/site';
import { earlyPricingLabel } from '@/pages/landing/early-pricing';
import { LandingSection } from '@/pages/landing/landing-section';
import { memberCountLabel } from '@/pages/landing/member-count';

export function HeroSection() {
  const { data: site } = useSiteInfo();
  const members = memberCountLabel(site?.memberCount);

  return (
    <LandingSection
      id="hero"
      className="bg-gradient-to-b from-rose-50 via-white to-white pb-10 pt-12 md:pb-16 md:pt-20"
    >
      <div className="mx-auto max-w-3xl text-center">
        <p className="inline-flex items-center gap-2 rounded-full bg-rose-100 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-rose-700">
          <Sparkles className="h-3.5 w-3.5" aria-hidden />
          {HERO.eyebrow}
        </p>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl md:text-6xl">
          {HERO.title}
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base leading-relaxed text-slate-600 md:text-lg">{HERO.text}</p>
        <div className="mt-8 flex flex-col items-stretch gap-3 sm:flex-row sm:justify-center">
          <Link to="/register" className={buttonClasses({ size: 'lg' })}>
            Get Started
            <ArrowRight className="h-4 w-4" aria-hidden />
          </Link>
          <a href="#how-it-works" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            See how it works
          </a>
        </div>
        <ul className="mt-10 flex flex-wrap items-center justify-center gap-x-6 gap-y-3 text-sm text-slate-600">
          {members && (
            <li className="flex items-center gap-2">
              <Users className="h-4 w-4 text-rose-600" aria-hidden />
              {members}
            </li>
          )}
          <li className="flex items-center gap-2">
            <Star className="h-4 w-4 fill-amber-400 text-amber-400" aria-hidden />
            {RATING.value} {RATING.label}
          </li>
          <li>{earlyPricingLabel(site?.earlyPricingPlacesLeft)}</li>
          <li className="flex items-center gap-2">
            <Gift className="h-4 w-4 text-rose-600" aria-hidden />
            {REFERRAL_CLAIM}
          </li>
        </ul>
      </div>
    </LandingSection>
  );
}
