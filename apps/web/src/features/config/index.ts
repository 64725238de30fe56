export { usePublicConfig, useProductName, DEFAULT_PRODUCT_NAME } from './api/get-public-config';
export { usePageTitle } from './use-page-title';
export { ProductNameText } from './ProductNameText';
