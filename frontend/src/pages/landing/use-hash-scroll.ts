import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { SCROLL_TO_ANCHOR_DELAY_MS } from '@/lib/constants';

/** Smoothly scrolls to the section named in the URL hash once the page has rendered. */
export function useHashScroll(): void {
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash) return;
    const timer = setTimeout(() => {
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: 'smooth' });
    }, SCROLL_TO_ANCHOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [hash]);
}
