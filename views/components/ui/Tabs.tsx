// Tabs as links (each tab is a page or an anchor), so they work without JavaScript; the current one is marked.
export function Tabs({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: { label: string; href: string }[];
  current: string;
}) {
  return (
    <nav className="tabs" aria-label={label}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.href}>
            <a href={tab.href} aria-current={tab.href === current ? 'page' : undefined}>
              {tab.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
