/** The tiny state the update prompt shows; web/pwa/register.ts feeds it. */
type Listener = () => void;

export interface UpdateState {
  /** A new service worker is installed and waiting for the user's go. */
  needRefresh: boolean;
  /** Activates the waiting worker and reloads into the new version. */
  applyUpdate: (() => void) | null;
}

let state: UpdateState = { needRefresh: false, applyUpdate: null };
const listeners = new Set<Listener>();

export function getUpdateState(): UpdateState {
  return state;
}

export function setUpdateState(next: Partial<UpdateState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function subscribeUpdateState(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
