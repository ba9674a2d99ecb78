import 'fake-indexeddb/auto';
import { configure } from '@testing-library/react';

// The suite runs its projects side by side on two cores: a screen that appears in 50 ms alone can
// take over a second then. findBy* waits up to 5 s (a bound on waiting, not a timing assertion).
configure({ asyncUtilTimeout: 5_000 });
