import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import LearnPage from '@/pages/learn-page';
import { renderApp } from '@/test/render';

describe('the Learn page', () => {
  it('says plainly that consent can be withdrawn at any time', () => {
    renderApp(<LearnPage />, { route: '/learn' });
    expect(screen.getByText('You can withdraw your consent at any time.')).toBeInTheDocument();
  });
});
