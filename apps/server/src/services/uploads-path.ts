/** The address a stored file is served at (routes/media). */
export const uploadsPath = (filename: string) => `/uploads/${filename}`;
