// Hydrates every server-rendered instance of one island with the props the server serialised beside it.
import { createElement, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

export function hydrateIslands(name: string, Component: ComponentType<never>): void {
  for (const element of document.querySelectorAll<HTMLElement>(`[data-island="${name}"]`)) {
    const props = JSON.parse(element.dataset.props ?? '{}');
    hydrateRoot(element, createElement(Component, props));
    element.dataset.hydrated = 'true';
  }
}
