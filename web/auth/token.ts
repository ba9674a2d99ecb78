/** Token storage: one key, 'auth_token' (spec.md §9), shared with the API client. */
export { AUTH_TOKEN_KEY, getToken, setToken } from '../api/client';
