/** The server secret of every test app (and so the key that signs the template's demo certificates). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';
