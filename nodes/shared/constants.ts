/** The credential type every node of this package authenticates with. */
export const CREDENTIAL_TYPE = 'wmsIntegrationApi';
