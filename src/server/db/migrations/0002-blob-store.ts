// Reserved; filled by the change that needs it.
export async function up(): Promise<void> {}
