import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PageErrorBoundary } from './PageErrorBoundary';

function Boom(): never {
  throw new Error('kaboom');
}

describe('page error boundary', () => {
  afterEach(cleanup);

  it('shows an error ID, retries 3 times, then Max Retries Reached', async () => {
    const user = userEvent.setup();
    const originalError = console.error;
    console.error = () => {};
    try {
      render(<PageErrorBoundary><Boom /></PageErrorBoundary>);
      expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
      expect(screen.getByText(/^ERR-\d{13}-[a-z0-9]+$/)).toBeTruthy();
      const mail = screen.getByRole('link', { name: 'Report this issue' }).getAttribute('href')!;
      expect(mail).toMatch(/^mailto:support@/);
      expect(decodeURIComponent(mail)).toContain('kaboom');
      expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
      for (let attempt = 0; attempt < 3; attempt++) {
        await user.click(screen.getByRole('button', { name: `Try Again (${attempt}/3)` }));
      }
      const exhausted = screen.getByRole('button', { name: 'Max Retries Reached' });
      expect(exhausted).toHaveProperty('disabled', true);
    } finally {
      console.error = originalError;
    }
  });
});
