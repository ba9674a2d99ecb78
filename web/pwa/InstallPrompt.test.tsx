import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { InstallPrompt, OFFER_AFTER_MOMENT_MS } from './InstallPrompt';
import { dismissInstall, installOfferDue, INSTALL_DISMISSED_KEY, INSTALL_MOMENT_KEY, INSTALL_SNOOZE_MS, markInstallMoment } from './install-moment';
import { isIosSafari, listenForInstallOffer } from './install-offer';

/** What Chromium fires when the shop is installable. */
function fireInstallOffer(outcome: 'accepted' | 'dismissed' = 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }>; prompted: boolean };
  event.prompted = false;
  event.prompt = async () => {
    event.prompted = true;
  };
  event.userChoice = Promise.resolve({ outcome });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

beforeAll(() => listenForInstallOffer());
beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('install offer', () => {
  it('is due only after a first design or order, and not for 30 days once dismissed', () => {
    const now = Date.now();
    expect(installOfferDue(now)).toBe(false);
    markInstallMoment();
    expect(installOfferDue(now)).toBe(true);
    dismissInstall(now);
    expect(installOfferDue(now + INSTALL_SNOOZE_MS - 1)).toBe(false);
    expect(installOfferDue(now + INSTALL_SNOOZE_MS)).toBe(true);
  });

  it("shows 'Install the app' when the browser offers it, never on arrival, and remembers a dismissal", async () => {
    render(<InstallPrompt />);
    const offer = fireInstallOffer('dismissed');
    expect(offer.defaultPrevented).toBe(true);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    act(() => markInstallMoment());
    // It waits for the 'Added to cart!' notification to go first.
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(OFFER_AFTER_MOMENT_MS));
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    await act(async () => {});
    expect(offer.prompted).toBe(true);
    expect(screen.queryByRole('button', { name: 'Install the app' })).toBeNull();
    expect(Number(localStorage.getItem(INSTALL_DISMISSED_KEY))).toBeGreaterThan(0);
    expect(localStorage.getItem(INSTALL_MOMENT_KEY)).not.toBeNull();
  });

  it('recognises iOS Safari, which gets the Add to Home Screen hint instead', () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(iphone, false)).toBe(true);
    expect(isIosSafari(iphone, true)).toBe(false);
    expect(isIosSafari(iphone.replace('Version/17.4', 'CriOS/120.0'), false)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (X11; Linux x86_64) Chrome/120 Safari/537.36', false)).toBe(false);
  });
});
