// A person or practice as a round picture, or their initials when there is no picture. Sizes are classes
// (the content security policy allows no inline style).
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

export function Avatar({ name, src, small = false }: { name: string; src?: string | null; small?: boolean }) {
  const className = small ? 'avatar avatar--small' : 'avatar';
  return src ? (
    <img
      className={`${className} avatar--picture`}
      src={src}
      alt=""
      width={small ? 30 : 40}
      height={small ? 30 : 40}
      loading="lazy"
    />
  ) : (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
