/** The sync protocol's size limits (design.md §4), shared by its schemas and the browser's engine. */
export const SYNC_PULL_MAX_LIMIT = 500;
export const SYNC_PUSH_MAX_MUTATIONS = 500;
