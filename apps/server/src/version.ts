/** This server's version, as /api/health, the OpenAPI document and the platforms' User-Agent give it. */
export const APP_VERSION = '0.1.0';
