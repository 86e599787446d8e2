import { CtaSection } from '@/pages/landing/cta-section';
import { FeaturesSection } from '@/pages/landing/features-section';
import { Footer } from '@/pages/landing/footer';
import { HeroSection } from '@/pages/landing/hero-section';
import { HowItWorksSection } from '@/pages/landing/how-it-works-section';
import { PricingSection } from '@/pages/landing/pricing-section';
import { ProblemSection } from '@/pages/landing/problem-section';
import { TestimonialsSection } from '@/pages/landing/testimonials-section';
import { TopBar } from '@/pages/landing/top-bar';
import { useHashScroll } from '@/pages/landing/use-hash-scroll';

export default function LandingPage() {
  useHashScroll();

  return (
    <div className="min-h-dvh bg-white">
      <TopBar />
      <main>
        <HeroSection />
        <ProblemSection />
        <FeaturesSection />
        <HowItWorksSection />
        <TestimonialsSection />
        <PricingSection />
        <CtaSection />
      </main>
      <Footer />
    </div>
  );
}
