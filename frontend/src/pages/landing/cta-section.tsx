import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { CTA } from '@/content/landing-content';
import { LandingSection } from '@/pages/landing/landing-section';

export function CtaSection() {
  return (
    <LandingSection id="cta" className="bg-gradient-to-br from-rose-600 to-rose-800 text-white">
      <div className="mx-auto max-w-2xl text-center">
        <h2 className="text-3xl font-bold tracking-tight md:text-4xl">{CTA.title}</h2>
        <p className="mt-4 text-rose-100 md:text-lg">{CTA.text}</p>
        <Link to="/register" className={buttonClasses({ variant: 'light', size: 'lg', className: 'mt-8' })}>
          Get Started
          <ArrowRight className="h-4 w-4" aria-hidden />
        </Link>
      </div>
    </LandingSection>
  );
}
