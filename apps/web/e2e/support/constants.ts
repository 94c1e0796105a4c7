export const E2E_ADMIN = { user: 'admin', password: 'Admin@2026x' };
