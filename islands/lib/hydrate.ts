// Hydrates every server-rendered instance of one island with the props the server serialised beside it
// (views/components/Island.tsx: a JSON data block right after the island's element).
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIslands(name: string, Component: ComponentType<never>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const data = element.nextElementSibling;
    const props = data?.getAttribute('data-island-props') === name ? JSON.parse(data.textContent || '{}') : {};
    hydrateRoot(element, createElement(Component, props));
    element.dataset.hydrated = 'true';
  }
}
