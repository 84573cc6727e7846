/** The credential type every node of this package authenticates with. */
export const CREDENTIAL_TYPE = 'wmsIntegrationApi';

export const DOCUMENTATION_URL = 'https://github.com/wms-integration/n8n-nodes-wms-integration#readme';
