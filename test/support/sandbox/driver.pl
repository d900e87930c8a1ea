#!/tw/perl
# PID 1 of one treeward shell sandbox (bwrap --as-pid-1 --unshare-pid), see ../shells.ts.
#
# Reads many cases from /tw/cases and, for each one in turn:
#   1. wipes /tmp and lays out /lab/{work,home,outside} from the case's ops
#      (every mtime fixed at 2000-01-01), then snapshots /tmp;
#   2. runs the parse check (`SHELL -n -c LINE`) with stdin /dev/null;
#   3. if the case has a run argv, runs `SHELL -c LINE` in /lab/work, waiting
#      for every process left behind (orphans are re-parented to PID 1) and killing
#      everything in the namespace once the timeout has passed;
#   4. snapshots /tmp again and writes one JSON line (verdicts, stub calls, fs diff)
#      to its stdout, which the host reads as the results stream.
#
# Case file format: a sequence of fields `KEY LEN\nBYTES\n`; a case starts with
# `id` and ends with `end`. Keys: id, timeout (s), p (one parse argv element),
# r (one run argv element), d (mkdir PATH), f (PATH\0CONTENT), l (PATH\0TARGET),
# m (PATH\0OCTAL MODE), e (NAME\0VALUE: set in the shells' environment). Only
# perl-base modules are used.
use strict;
use warnings;
use POSIX ();

my $CASES = '/tw/cases';
my $CALLS = '/tw/log/calls.jsonl';
my $IO = '/tw/io';
my $FIXED = 946684800; # 2000-01-01T00:00:00Z
my $CLIP = 4000;

# The results stream: a private dup of stdout (close-on-exec, so no shell or
# background job inherits it); fd 1 itself then points at /dev/null.
open(my $RES, '>&', \*STDOUT) or die "dup stdout: $!";
{ my $old = select($RES); $| = 1; select($old); }
open(STDOUT, '>', '/dev/null');

sub js {
    my ($s) = @_;
    return 'null' unless defined $s;
    $s =~ s/(["\\])/\\$1/g;
    $s =~ s/([\x00-\x1f\x7f])/sprintf('\\u%04x', ord($1))/ge;
    return "\"$s\"";
}
sub jbool { $_[0] ? 'true' : 'false' }
sub jnum { defined $_[0] ? 0 + $_[0] : 'null' }
sub jobj {
    my (@kv) = @_;
    my @out;
    while (@kv) { my $k = shift @kv; my $v = shift @kv; push @out, js($k) . ':' . $v; }
    return '{' . join(',', @out) . '}';
}

sub slurp {
    my ($f, $max) = @_;
    open(my $h, '<:raw', $f) or return '';
    my $buf = '';
    read($h, $buf, $max // 1 << 20);
    close($h);
    return $buf;
}
sub clip {
    my ($s) = @_;
    return $s if length($s) <= $CLIP;
    return substr($s, 0, $CLIP) . '...[' . (length($s) - $CLIP) . ' more bytes]';
}

# ---------------------------------------------------------------- scratch tree
sub rm_tree {
    my ($p) = @_;
    my @st = lstat($p);
    return unless @st;
    if (-d _) {
        chmod(0700, $p);
        if (opendir(my $dh, $p)) {
            my @e = grep { $_ ne '.' && $_ ne '..' } readdir($dh);
            closedir($dh);
            rm_tree("$p/$_") for @e;
        }
        rmdir($p);
    } else {
        unlink($p);
    }
}

sub mkdir_p {
    my ($p) = @_;
    my $cur = '';
    for my $part (grep { length } split m{/}, $p) {
        $cur .= "/$part";
        mkdir($cur) unless -d $cur;
    }
}
sub parent_of { my ($p) = @_; $p =~ s{/[^/]*$}{}; return $p eq '' ? '/' : $p; }

sub fix_times {
    my ($p) = @_;
    my @st = lstat($p);
    return unless @st;
    return if -l _; # perl's utime follows links; a link's own time is not compared
    if (-d _ && opendir(my $dh, $p)) {
        my @e = grep { $_ ne '.' && $_ ne '..' } readdir($dh);
        closedir($dh);
        fix_times("$p/$_") for @e;
    }
    utime($FIXED, $FIXED, $p);
}

sub lay_out {
    my ($ops) = @_;
    for my $top ('/tmp', '/lab') {
        next unless opendir(my $dh, $top);
        my @e = grep { $_ ne '.' && $_ ne '..' } readdir($dh);
        closedir($dh);
        rm_tree("$top/$_") for @e;
    }
    mkdir_p($_) for qw(/lab/work /lab/home /lab/outside);
    for my $op (@$ops) {
        my ($k, $v) = @$op;
        if ($k eq 'd') { mkdir_p($v); next; }
        my ($p, $rest) = split(/\0/, $v, 2);
        $rest //= '';
        if ($k eq 'f') {
            mkdir_p(parent_of($p));
            if (open(my $h, '>:raw', $p)) { print $h $rest; close($h); }
        } elsif ($k eq 'l') {
            mkdir_p(parent_of($p));
            symlink($rest, $p);
        } elsif ($k eq 'm') {
            chmod(oct($rest), $p);
        }
    }
    fix_times('/lab');
}

# ---------------------------------------------------------------- snapshots
# path relative to / (under /lab and /tmp, the writable places) -> {type, mode, mtime, content|target}
sub snapshot {
    my %snap;
    my $walk;
    $walk = sub {
        my ($dir, $rel) = @_;
        opendir(my $dh, $dir) or return;
        my @e = sort grep { $_ ne '.' && $_ ne '..' } readdir($dh);
        closedir($dh);
        for my $n (@e) {
            my $p = "$dir/$n";
            my $r = $rel eq '' ? $n : "$rel/$n";
            my @st = lstat($p);
            next unless @st;
            my %ent = (mode => sprintf('%o', $st[2] & 07777), mtime => $st[9]);
            if (-l _) { $ent{type} = 'symlink'; $ent{target} = readlink($p) // ''; }
            elsif (-d _) { $ent{type} = 'dir'; }
            elsif (-f _) { $ent{type} = 'file'; $ent{size} = $st[7]; $ent{content} = slurp($p); }
            elsif (-p _) { $ent{type} = 'fifo'; }
            elsif (-S _) { $ent{type} = 'socket'; }
            else { $ent{type} = 'other'; }
            $snap{$r} = \%ent;
            $walk->($p, $r) if $ent{type} eq 'dir';
        }
    };
    $walk->('/lab', 'lab');
    $walk->('/tmp', 'tmp');
    return \%snap;
}

# /-relative -> as seen from the work dir: `.`, `sub/x`, `../home/f`, `/tmp/zsh…`
sub rel_path {
    my ($r) = @_;
    return '.' if $r eq 'lab/work';
    return substr($r, 9) if index($r, 'lab/work/') == 0;
    return '../' . substr($r, 4) if index($r, 'lab/') == 0;
    return "/$r";
}

sub describe_ent {
    my ($e) = @_;
    my @kv = (type => js($e->{type}));
    if ($e->{type} eq 'file') {
        push @kv, size => jnum($e->{size}), content => js(substr($e->{content}, 0, 2000));
    }
    push @kv, target => js($e->{target}) if $e->{type} eq 'symlink';
    return @kv;
}

sub diff_snap {
    my ($b, $a) = @_;
    my (@created, @modified, @deleted);
    for my $k (sort keys %$a) {
        my $x = $a->{$k};
        my $y = $b->{$k};
        if (!$y) { push @created, jobj(path => js(rel_path($k)), describe_ent($x)); next; }
        my @ch;
        if ($x->{type} ne $y->{type}) { push @ch, 'type'; }
        elsif ($x->{type} eq 'file') {
            if ($x->{content} ne $y->{content} || $x->{size} != $y->{size}) { push @ch, 'content'; }
            elsif ($x->{mtime} != $y->{mtime}) { push @ch, 'mtime'; }
        } elsif ($x->{type} eq 'symlink' && $x->{target} ne $y->{target}) { push @ch, 'target'; }
        push @ch, 'mode' if $x->{mode} ne $y->{mode};
        next unless @ch;
        my @extra = (grep({ $_ eq 'content' } @ch) && $y->{type} eq 'file') ? (before => js(substr($y->{content}, 0, 2000))) : ();
        push @modified, jobj(path => js(rel_path($k)), changes => '[' . join(',', map { js($_) } @ch) . ']', describe_ent($x), @extra);
    }
    for my $k (sort keys %$b) {
        push @deleted, jobj(path => js(rel_path($k)), type => js($b->{$k}{type})) unless $a->{$k};
    }
    return jobj(created => '[' . join(',', @created) . ']', modified => '[' . join(',', @modified) . ']',
        deleted => '[' . join(',', @deleted) . ']');
}

# ---------------------------------------------------------------- running
sub run_one {
    my ($argv, $out, $err, $timeout, $env) = @_;
    my %r = (status => undef, signal => undef, timed_out => 0, killed_background => 0);
    my $pid = fork();
    if (!defined $pid) { $r{error} = "fork: $!"; return \%r; }
    if ($pid == 0) {
        chdir('/lab/work');
        open(STDIN, '<', '/dev/null');
        open(STDOUT, '>', $out);
        open(STDERR, '>', $err);
        $ENV{$_->[0]} = $_->[1] for @{ $env || [] };
        (my $a0 = $argv->[0]) =~ s{.*/}{};
        exec { $argv->[0] } $a0, @$argv[1 .. $#$argv];
        POSIX::_exit(127);
    }
    my $killed = 0;
    my $main_done = 0;
    local $SIG{ALRM} = sub { $killed = 1; kill 'KILL', -1; };
    alarm($timeout);
    while (1) {
        my $p = waitpid(-1, 0);
        last if $p <= 0 && !$!{EINTR};
        next if $p <= 0;
        if ($p == $pid) {
            $main_done = 1;
            my $st = $?;
            if ($st & 127) { $r{signal} = $st & 127 } else { $r{status} = $st >> 8 }
            $r{timed_out} = 1 if $killed;
        }
    }
    alarm(0);
    $r{killed_background} = 1 if $killed && $main_done && !$r{timed_out};
    return \%r;
}

sub run_json {
    my ($r, $out, $err, $extra) = @_;
    return jobj(
        status => jnum($r->{status}), signal => jnum($r->{signal}),
        timed_out => jbool($r->{timed_out}), killed_background => jbool($r->{killed_background}),
        stdout => js(clip(slurp($out))), stderr => js(clip(slurp($err))),
        (defined $r->{error} ? (error => js($r->{error})) : ()),
        @{ $extra || [] });
}

# Milliseconds since boot, to 10 ms (perl-base has no Time::HiRes).
sub now_ms {
    open(my $h, '<', '/proc/uptime') or return 0;
    my $l = <$h>;
    close($h);
    return int(($l =~ /^([\d.]+)/)[0] * 1000);
}

# ---------------------------------------------------------------- main loop
open(my $in, '<:raw', $CASES) or die "open $CASES: $!";
sub field {
    my $hdr = <$in>;
    return unless defined $hdr;
    chomp $hdr;
    my ($k, $len) = split / /, $hdr, 2;
    my $v = '';
    read($in, $v, $len) if $len;
    my $nl;
    read($in, $nl, 1);
    return ($k, $v);
}

my %c = (p => [], r => [], ops => []);
while (my ($k, $v) = field()) {
    if ($k eq 'id') { %c = (id => $v, timeout => 2, p => [], r => [], ops => [], env => []); }
    elsif ($k eq 'e') { push @{ $c{env} }, [split(/\0/, $v, 2)]; }
    elsif ($k eq 'timeout') { $c{timeout} = $v; }
    elsif ($k eq 'p' || $k eq 'r') { push @{ $c{$k} }, $v; }
    elsif ($k eq 'end') {
        my $t0 = now_ms();
        lay_out($c{ops});
        my $before = @{ $c{r} } ? snapshot() : undef;
        if (open(my $h, '>', $CALLS)) { close($h); }
        my $parse = 'null';
        if (@{ $c{p} }) {
            my $r = run_one($c{p}, "$IO/parse.out", "$IO/parse.err", $c{timeout}, $c{env});
            $parse = run_json($r, "$IO/parse.out", "$IO/parse.err");
        }
        my $run = 'null';
        my $fs = 'null';
        if (@{ $c{r} }) {
            my $r = run_one($c{r}, "$IO/run.out", "$IO/run.err", $c{timeout}, $c{env});
            $run = run_json($r, "$IO/run.out", "$IO/run.err", [calls => js(slurp($CALLS, 1 << 20))]);
            $fs = diff_snap($before, snapshot());
        }
        print $RES jobj(id => js($c{id}), parse => $parse, run => $run, fs => $fs, ms => jnum(now_ms() - $t0)) . "\n";
    }
    else { push @{ $c{ops} }, [$k, $v]; }
}
print $RES "{\"done\":true}\n";
exit 0;
