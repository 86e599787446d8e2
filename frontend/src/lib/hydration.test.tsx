import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startApp, useIsHydrating } from '@/lib/hydration';

function Probe() {
  return <p>{useIsHydrating() ? 'hydrating' : 'live'}</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('useIsHydrating', () => {
  it('is true in the prerendered HTML', () => {
    expect(renderToString(<Probe />)).toBe('<p>hydrating</p>');
  });

  it('matches that HTML while startApp hydrates it, without a mismatch, then turns false', async () => {
    const errors = vi.spyOn(console, 'error');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Probe />);
    const prerendered = container.firstChild;
    const seen: string[] = [];
    const observer = new MutationObserver(() => seen.push(container.textContent ?? ''));
    observer.observe(container, { subtree: true, characterData: true, childList: true });

    await act(async () => startApp(container, <Probe />));

    // Hydrated, not rendered again: the prerendered element stays, only its text changes, once.
    expect(container.firstChild).toBe(prerendered);
    expect(container.textContent).toBe('live');
    expect(seen).toEqual(['live']);
    expect(errors).not.toHaveBeenCalled();
    observer.disconnect();
  });

  it('is false when the page was not prerendered', async () => {
    const container = document.createElement('div');
    await act(async () => startApp(container, <Probe />));
    expect(container.innerHTML).toBe('<p>live</p>');
    render(<Probe />);
    expect(screen.getByText('live')).toBeInTheDocument();
  });
});
