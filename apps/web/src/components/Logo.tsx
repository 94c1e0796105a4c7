/** The built-in logo: three stacked nodes with status lights. */
export const Logo = ({ height = 24 }: { height?: number }) => (
  <svg width={height} height={height} viewBox="0 0 64 64" role="img" aria-label="HPC Portal">
    <rect width="64" height="64" rx="12" fill="#1d4ed8" />
    <g fill="#fff">
      <rect x="14" y="14" width="36" height="9" rx="2" />
      <rect x="14" y="27.5" width="36" height="9" rx="2" opacity=".85" />
      <rect x="14" y="41" width="36" height="9" rx="2" opacity=".7" />
    </g>
    <g fill="#22c55e">
      <circle cx="20" cy="18.5" r="2" />
      <circle cx="20" cy="32" r="2" />
      <circle cx="20" cy="45.5" r="2" />
    </g>
  </svg>
);
