import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { initialsOf, type NavUser } from './nav-items';

/** The seller's picture, or their initials. */
export function UserAvatar({ user, className }: { user: NavUser | undefined; className?: string }) {
  return (
    <Avatar className={className}>
      {user?.avatarUrl ? <AvatarImage src={user.avatarUrl} alt="" /> : null}
      <AvatarFallback className="text-xs">{initialsOf(user)}</AvatarFallback>
    </Avatar>
  );
}
