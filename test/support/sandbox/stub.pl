#!/tw/perl
# Command stub inside treeward's shell sandbox (see ../shells.ts).
# Reached through /tw/bin/NAME (a symlink to /tw/shim/log or /tw/shim/pass) or
# through a real path such as /usr/bin/rm that the sandbox covers with this file.
# Appends one JSON line per call to /tw/log/calls.jsonl:
#   {"cmd":NAME,"path":PATH_USED,"argv":[NAME,ARGS...],"cwd":CWD,"fd":[fd0,fd1,fd2],"mode":"log"|"pass"[,"stdin":TEXT][,"env":{NAME:VALUE...}]}
# "env" holds those of @READING that are set: variables that change how a
# program reads its argv (GNU getopt's POSIXLY_CORRECT) or names its backups.
# mode "log": exit 0 and do nothing else.  mode "pass": then exec the real program.
use strict;
no warnings;

my $path = $0;
(my $name = $path) =~ s{.*/}{};
my $mode = 'log';
my $t = readlink($path);
$mode = 'pass' if defined $t && $t =~ m{/pass$};

sub js {
    my ($s) = @_;
    return 'null' unless defined $s;
    $s =~ s/(["\\])/\\$1/g;
    $s =~ s/([\x00-\x1f\x7f])/sprintf('\\u%04x', ord($1))/ge;
    return "\"$s\"";
}

my $cwd = readlink('/proc/self/cwd');
$cwd = '?' unless defined $cwd;
my @fd;
for my $n (0, 1, 2) {
    my $l = readlink("/proc/self/fd/$n");
    if (!defined $l) { push @fd, 'closed'; next }
    $l = 'pipe' if $l =~ /^pipe:/;
    $l = 'socket' if $l =~ /^socket:/;
    push @fd, $l;
}

# Commands that normally consume standard input: record what they get (up to
# 64 KiB, giving up after 0.3 s without data). Other stubs never touch stdin.
my %readers = map { $_ => 1 } qw(tee python python3 node perl ruby php claude codex gemini aider
    sqlite3 psql mysql ssh bc dc patch);
my $stdin;
if ($mode eq 'log' && $readers{$name} && $fd[0] ne 'closed') {
    $stdin = '';
    my $rin = '';
    vec($rin, 0, 1) = 1;
    while (length($stdin) < 65536) {
        my $r = $rin;
        my $n = select($r, undef, undef, 0.3);
        last if $n <= 0;
        my $got = sysread(STDIN, my $buf, 65536 - length($stdin));
        last if !defined $got || $got == 0;
        $stdin .= $buf;
    }
}

my @READING = qw(POSIXLY_CORRECT VERSION_CONTROL SIMPLE_BACKUP_SUFFIX);
my @set = grep { defined $ENV{$_} } @READING;
my $env = @set ? ',"env":{' . join(',', map { js($_) . ':' . js($ENV{$_}) } @set) . '}' : '';

my $line = '{"cmd":' . js($name) . ',"path":' . js($path)
    . ',"argv":[' . join(',', map { js($_) } ($name, @ARGV)) . ']'
    . ',"cwd":' . js($cwd)
    . ',"fd":[' . join(',', map { js($_) } @fd) . ']'
    . ',"mode":' . js($mode)
    . (defined $stdin ? ',"stdin":' . js($stdin) : '')
    . $env
    . "}\n";
if (open(my $log, '>>', '/tw/log/calls.jsonl')) {
    syswrite($log, $line);
    close($log);
}

if ($mode eq 'pass') {
    for my $dir (qw(/usr/local/bin /usr/bin /usr/sbin /bin)) {
        my $real = "$dir/$name";
        if (-f $real && -x _) {
            exec { $real } $name, @ARGV;
            print STDERR "$name: exec failed: $!\n";
            exit 126;
        }
    }
    print STDERR "$name: sandbox shim found no real program\n";
    exit 127;
}
exit 0;
