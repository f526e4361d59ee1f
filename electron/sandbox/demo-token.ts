/**
 * The sandbox's published test token, in the service's test-token format (API 5.2: 32 hex
 * characters). Not a secret: demo mode and every test use it.
 */
export const SANDBOX_DEMO_TOKEN = '5a4d8c1e0b7f4a2e9c6d3b1a8f7e6d5c';

export const tokenFormat = /^[0-9a-f]{32}$/;
