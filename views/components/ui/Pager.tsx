// Previous / next links under a paged list: plain links, so paging works without JavaScript.
export function Pager({
  page,
  pageCount,
  href,
  label,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  label: string;
}) {
  if (pageCount <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <a href={href(page - 1)} rel="prev">
          Previous page
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
      <span aria-current="page">{`Page ${page} of ${pageCount}`}</span>
      {page < pageCount ? (
        <a href={href(page + 1)} rel="next">
          Next page
        </a>
      ) : (
        <span aria-hidden="true" />
      )}
    </nav>
  );
}
