/** The server's reason when an e-mailed link (reset, new address, unsubscribe) was used or has expired. */
export const EXPIRED_LINK = 'error.email.verify_url_expired';
