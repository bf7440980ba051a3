// <Island name props>: renders the island on the server and leaves its props beside it for hydration.
// The set of islands a page rendered decides which scripts the page loads.
import { createContext, createElement, useContext, type ComponentProps, type ComponentType } from 'react';
import { islands, type IslandName } from '../../islands/registry';

export const IslandCollector = createContext<Set<string> | null>(null);

export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  useContext(IslandCollector)?.add(name);
  const Component = islands[name] as ComponentType<object>;
  return (
    <div data-island={name} data-props={JSON.stringify(props)}>
      {createElement(Component, props)}
    </div>
  );
}
