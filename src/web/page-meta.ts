import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { resolveMeta, type RouteMeta } from '../contract/routes.js';
import { useBrand } from './brand.js';

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (element === null) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

function meta(name: string) {
  return () => Object.assign(document.createElement('meta'), { name });
}

/**
 * docs/product.md section 2: on each navigation set the title, the description and title meta tags
 * and the canonical link (configured base + the route's canonical, or the current path).
 */
export function usePageMeta(routeMeta: RouteMeta) {
  const brand = useBrand();
  const { pathname } = useLocation();
  useEffect(() => {
    const resolved = resolveMeta(routeMeta, brand.productName, brand.publicUrl, pathname);
    document.title = resolved.title;
    upsert('meta[name="description"]', meta('description'), 'content', resolved.description);
    upsert('meta[name="title"]', meta('title'), 'content', resolved.title);
    upsert(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      resolved.canonicalUrl,
    );
  }, [routeMeta, brand, pathname]);
}
