import { useState } from 'react';
import classes from './products.module.css';

/** A 24 px thumbnail; a grey square when there is none or it does not load. */
export function Thumb({ src, size = 24 }: { src: string | null | undefined; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) return <div className={classes.thumbEmpty} style={{ width: size, height: size }} />;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
      className={classes.thumb}
      style={{ width: size, height: size }}
      onError={() => setFailed(true)}
    />
  );
}
