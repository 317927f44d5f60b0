import { createContext, useContext, type ReactNode } from 'react';
import { BRAND_ELEMENT_ID, type Brand } from '../contract/brand.js';

/** Reads the brand settings the server put into index.html. */
export function readBrand(doc: Document = document): Brand {
  const element = doc.getElementById(BRAND_ELEMENT_ID);
  if (element?.textContent == null || element.textContent === '') {
    throw new Error(
      `index.html has no #${BRAND_ELEMENT_ID}: serve the app through the portal server`,
    );
  }
  return JSON.parse(element.textContent) as Brand;
}

const BrandContext = createContext<Brand | null>(null);

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

export function useBrand(): Brand {
  const brand = useContext(BrandContext);
  if (brand === null) throw new Error('useBrand outside BrandProvider');
  return brand;
}
