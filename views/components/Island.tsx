// <Island name props>: renders the island on the server and leaves its props beside it for hydration.
// The set of islands a page rendered decides which scripts the page loads.
import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';
import { islands, type IslandName } from '../../islands/registry';

export const IslandCollector = createContext<Set<string> | null>(null);

/**
 * An island's props as the text of a JSON data block. Not an attribute: there every quote becomes
 * `&quot;`, which made the calendar's 137 KB of props 228 KB of HTML. `<` is escaped, so no text in the
 * props can end the block (`</script>`) or open a comment.
 */
export const islandPropsJson = (props: unknown): string => JSON.stringify(props).replace(/</g, '\\u003c');

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  useContext(IslandCollector)?.add(name);
  const Component = islands[name] as ComponentType<object>;
  return (
    <>
      <div data-island={name}>{createElement(Component, props)}</div>
      <script
        type="application/json"
        data-island-props={name}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with every "<" escaped (islandPropsJson), a data block never run
        dangerouslySetInnerHTML={{ __html: islandPropsJson(props) }}
      />
    </>
  );
}
