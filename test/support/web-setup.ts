import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom has no layout, so no matchMedia: answer width queries from window.innerWidth,
// which a test may set (e.g. to 375) before rendering.
function matches(query: string): boolean {
  const width = window.innerWidth;
  return query.split(/\s+and\s+/).every((part) => {
    const max = /max-width:\s*(\d+)px/.exec(part);
    if (max?.[1] !== undefined) return width <= Number(max[1]);
    const min = /min-width:\s*(\d+)px/.exec(part);
    if (min?.[1] !== undefined) return width >= Number(min[1]);
    return false;
  });
}

window.matchMedia = (query: string): MediaQueryList =>
  Object.assign(new EventTarget(), {
    media: query,
    matches: matches(query),
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
  });

// jsdom has no modal dialogs: open and close by the `open` attribute, as a browser would.
HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
  this.removeAttribute('open');
  this.dispatchEvent(new Event('close'));
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
