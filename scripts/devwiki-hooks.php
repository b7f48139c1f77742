<?php
// Test hooks of the local dev wiki (scripts/devwiki.sh copies this file next to its LocalSettings.php).
//
// A request carrying the header   X-Devwiki-Fake: maxlag=2;key=abc   is answered with a `maxlag` error
// (fake replication lag of 7 s) for the first 2 requests that carry key "abc" and a maxlag parameter;
// `ratelimited=1;key=abc` makes the first edit with that key fail with `ratelimited`;
// `generator=MediaWiki 1.45.0;key=abc` makes siteinfo name that version (a wiki outside the tested range);
// `slowrecord=3000;key=abc` makes MediaWiki record an edit of that request 3 s late: its recent-changes row and
// change tags, which it writes after answering (a POSTSEND deferred update), so that the moment a reader sees
// the new revision without its tags lasts 3 s instead of a few milliseconds;
// `readonly=1;key=abc` serves that request with the wiki read-only ($wgReadOnly, as an admin's maintenance lock
// does: MediaWiki refuses every write, with its reason).
// Requests without the header are never affected, so other clients of the same wiki see nothing.

$wgDevwikiFakeDir = __DIR__ . '/fake';

/** Parse the header; null when absent. */
function devwikiFakeSpec(): ?array {
	$header = RequestContext::getMain()->getRequest()->getHeader( 'X-Devwiki-Fake' );
	if ( !$header ) {
		return null;
	}
	$spec = [];
	foreach ( explode( ';', $header ) as $part ) {
		$kv = explode( '=', trim( $part ), 2 );
		if ( count( $kv ) === 2 ) {
			$spec[$kv[0]] = $kv[1];
		}
	}
	return isset( $spec['key'] ) && preg_match( '/^[A-Za-z0-9_-]{1,64}$/', $spec['key'] ) ? $spec : null;
}

/** True while the counter of (key, what) is below the wanted number of failures; counts this one. */
function devwikiFakeTake( array $spec, string $what ): bool {
	global $wgDevwikiFakeDir;
	$want = (int)( $spec[$what] ?? 0 );
	if ( $want <= 0 ) {
		return false;
	}
	if ( !is_dir( $wgDevwikiFakeDir ) ) {
		@mkdir( $wgDevwikiFakeDir, 0700, true );
	}
	$file = "$wgDevwikiFakeDir/{$spec['key']}.$what";
	$fh = fopen( $file, 'c+' );
	flock( $fh, LOCK_EX );
	$done = (int)stream_get_contents( $fh );
	$take = $done < $want;
	if ( $take ) {
		ftruncate( $fh, 0 );
		rewind( $fh );
		fwrite( $fh, (string)( $done + 1 ) );
	}
	flock( $fh, LOCK_UN );
	fclose( $fh );
	return $take;
}

// Set while LocalSettings.php runs (this file is required from it), before MediaWiki reads its settings.
if ( preg_match( '/(?:^|;)\s*readonly=1\s*(?:;|$)/', $_SERVER['HTTP_X_DEVWIKI_FAKE'] ?? '' ) ) {
	$wgReadOnly = 'devwiki: the wiki is locked for maintenance';
}

$wgHooks['ApiMaxLagInfo'][] = static function ( &$lagInfo ) {
	$spec = devwikiFakeSpec();
	if ( $spec && devwikiFakeTake( $spec, 'maxlag' ) ) {
		$lagInfo = [ 'host' => 'devwiki-fake', 'lag' => 7, 'type' => 'db' ];
	}
};

$wgHooks['PingLimiter'][] = static function ( $user, $action, &$result, $incrBy ) {
	if ( $action !== 'edit' || $incrBy === 0 ) {
		return true;
	}
	$spec = devwikiFakeSpec();
	if ( $spec && devwikiFakeTake( $spec, 'ratelimited' ) ) {
		$result = true;
		return false;
	}
	return true;
};

$wgHooks['APIQuerySiteInfoGeneralInfo'][] = static function ( $module, &$results ) {
	$spec = devwikiFakeSpec();
	if ( $spec && isset( $spec['generator'] ) ) {
		$results['generator'] = $spec['generator'];
	}
};

$wgHooks['RevisionFromEditComplete'][] = static function () {
	$spec = devwikiFakeSpec();
	$ms = min( (int)( $spec['slowrecord'] ?? 0 ), 20000 );
	if ( $ms > 0 ) {
		// Queued before the recording's own update (RecentChange::notifyEdit runs after this hook): it runs first.
		$deferred = class_exists( 'MediaWiki\\Deferred\\DeferredUpdates' ) ? 'MediaWiki\\Deferred\\DeferredUpdates' : 'DeferredUpdates';
		$deferred::addCallableUpdate( static function () use ( $ms ) {
			usleep( $ms * 1000 );
		}, $deferred::POSTSEND );
	}
};
