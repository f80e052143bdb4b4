/** Reading GitHub's paged lists only so far: a `rel="next"` that never ends is not followed. */

/** Items per page asked for: GitHub's most. */
export const PER_PAGE = 100;

/** Items of at most `maxPages` pages; `more` when the last page read still had a next one. */
export async function collectPages<T>(
  pages: AsyncIterable<{ data: T[]; headers: { link?: string } }>,
  maxPages: number,
): Promise<{ items: T[]; more: boolean }> {
  const items: T[] = [];
  let count = 0;
  for await (const page of pages) {
    items.push(...page.data);
    count += 1;
    if (count === maxPages) return { items, more: /rel="next"/.test(page.headers.link ?? '') };
  }
  return { items, more: false };
}
