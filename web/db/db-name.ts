/** The shop's IndexedDB database: a module of its own so start-up code can name it without Dexie. */
export const SHOP_DB_NAME = 'reality-print-shop';
