import { loadShopDb, useShopLiveQuery } from '../../db/lazy-db';

/** Likes given in this browser, per design; kept in IndexedDB so they survive reloads. */
export function useLocalLikes(): Map<string, number> {
  const rows = useShopLiveQuery((db) => db.likes.toArray(), []);
  return new Map((rows ?? []).map((row) => [row.designId, row.likes]));
}

export async function likeDesign(designId: string): Promise<void> {
  const { db } = await loadShopDb();
  await db.transaction('rw', db.likes, async () => {
    const row = await db.likes.get(designId);
    await db.likes.put({ designId, likes: (row?.likes ?? 0) + 1 });
  });
}
