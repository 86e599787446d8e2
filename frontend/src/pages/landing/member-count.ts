/** "1,234 members protected", or null while there is nothing real to show. */
export function memberCountLabel(memberCount: number | undefined): string | null {
  if (!memberCount || memberCount < 1) return null;
  return `${memberCount.toLocaleString('en-US')} ${memberCount === 1 ? 'member' : 'members'} protected`;
}
