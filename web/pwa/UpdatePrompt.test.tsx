import { afterEach, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UpdatePrompt } from './UpdatePrompt';
import { OfflineNotice, OFFLINE_CHECKOUT_MESSAGE } from './OfflineNotice';
import { setUpdateState } from './update-store';

afterEach(() => {
  cleanup();
  setUpdateState({ needRefresh: false, applyUpdate: null });
});

it('shows nothing until a new version waits, then Reload applies it', async () => {
  const user = userEvent.setup();
  let applied = 0;
  render(<UpdatePrompt />);
  expect(screen.queryByText('A new version is available')).toBeNull();
  act(() => setUpdateState({ needRefresh: true, applyUpdate: () => applied++ }));
  expect(screen.getByRole('alert').textContent).toContain('A new version is available');
  await user.click(screen.getByRole('button', { name: 'Reload' }));
  expect(applied).toBe(1);
  expect(screen.getByRole('button', { name: 'Reloading…' })).toHaveProperty('disabled', true);
});

it('Later hides the prompt', async () => {
  const user = userEvent.setup();
  render(<UpdatePrompt />);
  act(() => setUpdateState({ needRefresh: true, applyUpdate: () => undefined }));
  await user.click(screen.getByRole('button', { name: 'Later' }));
  expect(screen.queryByText('A new version is available')).toBeNull();
});

it('the offline notice appears only while the browser is offline', () => {
  const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine') ?? Object.getOwnPropertyDescriptor(navigator, 'onLine');
  let online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  try {
    render(<OfflineNotice />);
    expect(screen.queryByText(OFFLINE_CHECKOUT_MESSAGE)).toBeNull();
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_CHECKOUT_MESSAGE);
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(OFFLINE_CHECKOUT_MESSAGE)).toBeNull();
  } finally {
    if (original) Object.defineProperty(navigator, 'onLine', original);
  }
});
