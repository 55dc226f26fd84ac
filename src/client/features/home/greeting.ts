/** 'Good morning' before 12:00, 'Good afternoon' before 18:00, else 'Good evening', in local time. */
export function partOfDay(now: Date): 'morning' | 'afternoon' | 'evening' {
  const hour = now.getHours();
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}
