import { useEffect } from 'react';
import { useProductName } from './api/get-public-config';

/** Names the browser tab after the screen and the product name of this host. */
export function usePageTitle(title: string) {
  const product = useProductName();
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
