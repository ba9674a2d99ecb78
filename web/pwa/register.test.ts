import { describe, expect, it } from 'vitest';
import { watchForWaitingWorker } from './register';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  becomes(state: ServiceWorkerState, registration: FakeRegistration) {
    this.state = state;
    if (state === 'installed') {
      registration.installing = null;
      registration.waiting = this;
    }
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  find(worker: FakeWorker) {
    this.installing = worker;
    this.dispatchEvent(new Event('updatefound'));
  }
}

function watch(registration: FakeRegistration, controlled = true) {
  const offered: unknown[] = [];
  const container = { controller: controlled ? ({} as ServiceWorker) : null };
  watchForWaitingWorker(registration as unknown as ServiceWorkerRegistration, container, (w) => offered.push(w));
  return offered;
}

describe('the update prompt is offered whenever a new worker waits behind the current one', () => {
  it('offers a worker that was already waiting when the page looked', () => {
    const registration = new FakeRegistration();
    registration.waiting = new FakeWorker();
    expect(watch(registration)).toEqual([registration.waiting]);
  });

  it('offers a worker that was still installing when the page looked (update found on navigation)', () => {
    const registration = new FakeRegistration();
    const worker = new FakeWorker();
    registration.installing = worker; // updatefound already fired before anyone listened
    const offered = watch(registration);
    expect(offered).toEqual([]);
    worker.becomes('installed', registration);
    expect(offered).toEqual([worker]);
  });

  it('offers a worker found later by an update check, once', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.becomes('installed', registration);
    worker.dispatchEvent(new Event('statechange'));
    expect(offered).toEqual([worker]);
  });

  it('offers nothing on a first install, when no worker controls the page yet', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration, false);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.becomes('installed', registration);
    expect(offered).toEqual([]);
  });

  it('offers nothing for a worker whose install failed', () => {
    const registration = new FakeRegistration();
    const offered = watch(registration);
    const worker = new FakeWorker();
    registration.find(worker);
    worker.state = 'redundant';
    registration.installing = null;
    worker.dispatchEvent(new Event('statechange'));
    expect(offered).toEqual([]);
  });
});
