import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminPageErrorBoundary } from './AdminLayout';

function CrashingScreen(): never {
  throw new Error('admin screen crashed');
}

afterEach(cleanup);

it("gives a crashed admin screen the page-level error screen: the dashboard's home, Try Again up to 3, then Max Retries Reached", async () => {
  const user = userEvent.setup();
  const originalError = console.error;
  console.error = () => {};
  try {
    render(
      <AdminPageErrorBoundary>
        <CrashingScreen />
      </AdminPageErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText(/Changes saved on this tablet are safe/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/admin');
    for (let attempt = 0; attempt < 3; attempt++) await user.click(screen.getByRole('button', { name: `Try Again (${attempt}/3)` }));
    expect(screen.getByRole('button', { name: 'Max Retries Reached' })).toHaveProperty('disabled', true);
  } finally {
    console.error = originalError;
  }
});
