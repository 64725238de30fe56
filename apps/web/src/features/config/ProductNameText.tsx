import { usePublicConfig, useProductName } from './api/get-public-config';

/**
 * The product's name as a logo link's text. The name depends on the host, so it is shown once the server has
 * said which, never a wrong one first; meanwhile the link still has a name for screen readers (`whileLoading`,
 * what the link leads to), so it is never a link without discernible text.
 */
export function ProductNameText({ whileLoading }: { whileLoading: string }) {
  const config = usePublicConfig();
  const productName = useProductName();
  if (!config.isPending) return <>{productName}</>;
  return (
    <>
      <span className="inline-block w-20" aria-hidden="true" />
      <span className="sr-only">{whileLoading}</span>
    </>
  );
}
