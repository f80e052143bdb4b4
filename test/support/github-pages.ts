/**
 * A page of a GitHub REST listing as its OpenAPI describes paging: `per_page` (at most 100,
 * default 30) and `page`, with a `Link` header that keeps the query, `next` and `last`.
 */
const MAX_PER_PAGE = 100;
const DEFAULT_PER_PAGE = 30;

/** The page `url` asks for of `listed`, and the `Link` header that goes with it. */
export function pageOf<T>(
  listed: readonly T[],
  url: URL,
): { items: T[]; headers: Record<string, string> } {
  const query = url.searchParams;
  const perPage = Math.min(
    MAX_PER_PAGE,
    Math.max(1, Number(query.get('per_page') ?? DEFAULT_PER_PAGE)),
  );
  const number = Math.max(1, Number(query.get('page') ?? 1));
  const last = Math.max(1, Math.ceil(listed.length / perPage));
  const link = (n: number) => {
    const target = new URL(url.href);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return `<${target.href}>`;
  };
  const links: string[] = [];
  if (number < last) links.push(`${link(number + 1)}; rel="next"`, `${link(last)}; rel="last"`);
  return {
    items: listed.slice((number - 1) * perPage, number * perPage),
    headers: links.length > 0 ? { link: links.join(', ') } : {},
  };
}
